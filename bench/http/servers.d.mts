// Types of what TypeScript imports from servers.mjs (the benches themselves are JavaScript).
import type { ChildProcess } from 'node:child_process';

/** A process of the product ended before the product was ready. */
export declare class ExitedEarly extends Error {}
/** Runs `start` again, up to `attempts` times in all, while it fails with `ExitedEarly`. */
export declare const withFreshPorts: <T>(start: () => Promise<T>, attempts?: number) => Promise<T>;
/** Which of `children` has ended, if any. */
export declare const endedChild: (children: ChildProcess[]) => ChildProcess | undefined;
