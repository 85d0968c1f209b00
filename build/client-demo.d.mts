export declare const DEMO_SOURCE: string;
export declare function copyDemo(clientDir: string): void;
