// Placeholder until the channel screen lands; replaced by the chat feature.
import { useParams } from 'react-router-dom';

export const ChannelScreen = () => {
  const { id } = useParams();
  return <div className="content-placeholder">SELECT A CHANNEL... {id}</div>;
};
