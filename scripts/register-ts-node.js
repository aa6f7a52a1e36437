// `npm run start:dev`: ts-node with type information, so that the Swagger CLI plugin runs as in
// `npm run build` (scripts/swagger-plugin.js).
const { swaggerTransformers } = require('./swagger-plugin');

require('ts-node').register({ transformers: swaggerTransformers });
