// Whether the user may change anything in the channel on screen: not while previewing it before joining, nor in an
// archived channel. Message toolbars read it to offer only what reading allows (a permalink, the thread).
import { createContext, useContext } from 'react';

export const ChannelWritableContext = createContext(true);

export const useChannelWritable = (): boolean => useContext(ChannelWritableContext);
