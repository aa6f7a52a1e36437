// `npm run start:dev`: ts-node with type information, so that the Swagger CLI plugin runs as in
// `npm run build` (scripts/swagger-plugin.js). `files`: the project's own declarations
// (src/app/hbs.d.ts) are read as tsc reads them.
const { swaggerTransformers } = require('./swagger-plugin');

require('ts-node').register({ files: true, transformers: swaggerTransformers });
