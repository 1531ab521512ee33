export declare const nodeVersions: () => { recommended: string; engines: string; minimum: [number, number] };
export declare const satisfies: (version: string, minimum: readonly [number, number]) => boolean;
export declare const fetchNode: (version: string, log?: (line: string) => void) => string;
export declare const runtimeNodeDir: (options?: { exact?: boolean; log?: (line: string) => void }) => string;
