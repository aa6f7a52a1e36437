import { parentPort } from 'node:worker_threads';
import type { MonitorType } from '../capture.types';
import { extractPage } from './extract-page';

/** A thread of the ExtractionPool: extracts the pages it is sent, one at a time. */
export interface ExtractRequest {
  id: number;
  html: string;
  url: string;
  monitorType: MonitorType;
}

parentPort!.on('message', ({ id, html, url, monitorType }: ExtractRequest) => {
  try {
    parentPort!.postMessage({ id, page: extractPage(html, url, monitorType) });
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).message });
  }
});
