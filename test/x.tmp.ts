import { readFileSync } from 'node:fs';
import { extractPage } from '../src/capture/extract/extract-page';
(async () => {
  const [file, type] = process.argv.slice(2);
  const r = await extractPage(readFileSync(file, 'utf8'), 'https://joplinapp.org/x', type as any);
  console.log(JSON.stringify(r.fields, null, 1).slice(0, 3000));
})();
