#!/usr/bin/env node
// `npm run build`: tsc's compile of tsconfig.build.json into dist/, with the Swagger CLI plugin
// (scripts/swagger-plugin.js), which tsc alone cannot run. `--incremental <buildinfo>` keeps the
// build information there and compiles only what changed (test/support/build.ts).
// Exit codes as tsc's: 0 clean, 2 type errors (every file still written).
const path = require('node:path');
const ts = require('typescript');
const { swaggerTransformers } = require('./swagger-plugin');

const root = path.join(__dirname, '..');
const at = process.argv.indexOf('--incremental');
const buildInfo = at >= 0 ? process.argv[at + 1] : undefined;

const configFile = path.join(root, 'tsconfig.build.json');
const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
if (error) fail([error]);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile);
if (parsed.errors.length) fail(parsed.errors);
const options = buildInfo ? { ...parsed.options, incremental: true, tsBuildInfoFile: buildInfo } : parsed.options;

const builder = buildInfo
  ? ts.createIncrementalProgram({ rootNames: parsed.fileNames, options, projectReferences: parsed.projectReferences })
  : undefined;
const program = builder ? builder.getProgram() : ts.createProgram({ rootNames: parsed.fileNames, options, projectReferences: parsed.projectReferences });
const emitted = (builder ?? program).emit(undefined, undefined, undefined, false, swaggerTransformers(program));
const diagnostics = ts.sortAndDeduplicateDiagnostics([...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics]);
if (diagnostics.length) {
  report(diagnostics);
  process.exit(emitted.emitSkipped ? 1 : 2);
}

function report(list) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(list, host));
}

function fail(list) {
  report(list);
  process.exit(1);
}
