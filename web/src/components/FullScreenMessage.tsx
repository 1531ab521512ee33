export const FullScreenMessage = ({ text, children }: { text: string; children?: React.ReactNode }) => (
  <div className="fullscreen-message" role="status" aria-live="polite">
    <span className="fullscreen-message__text">{text}</span>
    {children}
  </div>
);
