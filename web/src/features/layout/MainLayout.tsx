import { Outlet } from 'react-router-dom';

export const MainLayout = () => (
  <div className="main-layout">
    <Outlet />
  </div>
);
