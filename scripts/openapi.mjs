// Writes the OpenAPI document the gateway serves at /api/docs/openapi.json (made from the route table) to a file,
// for Spectral and for client generators: `node scripts/openapi.mjs [out.json]` after `npm run build`.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../gateway/dist/openapi/openapi-document.js';

const out = process.argv[2] ?? 'openapi.json';
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${out}`);
