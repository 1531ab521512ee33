import { createContext, useContext } from 'react';

/** True inside the thread panel: its messages offer no thread summary nor "Reply in thread" (one level deep). */
export const InThreadContext = createContext(false);
export const useInThread = (): boolean => useContext(InThreadContext);
