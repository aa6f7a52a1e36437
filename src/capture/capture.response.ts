import type { SnapshotRow } from './snapshots.repository';

export interface CaptureView {
  captured_at: string;
  content_hash: string;
  fields?: unknown;
  markdown?: string;
}

/** The capture object of DESIGN §6.5, with fields and/or markdown as requested. */
export function toCapture(snapshot: SnapshotRow, include: { fields: boolean; markdown: boolean }): CaptureView {
  const view: CaptureView = {
    captured_at: new Date(snapshot.captured_at).toISOString(),
    content_hash: snapshot.content_hash,
  };
  if (include.fields) view.fields = snapshot.fields;
  if (include.markdown) view.markdown = snapshot.markdown;
  return view;
}
