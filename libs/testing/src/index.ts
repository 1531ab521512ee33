export * from './postgres.js';
export * from './wait.js';
export * from './manual-timers.js';
export * from './png.js';
export * from './s3rver.js';
export * from './ports.js';
export * from './smtp.js';
export * from './otlp-collector.js';
