/**
 * Wire types of Quill Delta rich text, the format of message bodies (`messageJson`, `message`).
 */

/** Attributes of a Delta op; only inline/line formats Pinmark knows are typed, others pass through. */
export interface DeltaAttributes {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
  list?: 'bullet' | 'ordered';
  [format: string]: unknown;
}

/** A mention embed, in the shape of the common quill-mention module. */
export interface MentionEmbed {
  mention: { id: string; value: string; denotationChar?: string; index?: string | number };
}

export type DeltaInsert = string | MentionEmbed | Record<string, unknown>;

export interface DeltaOp {
  insert: DeltaInsert;
  attributes?: DeltaAttributes;
}

/** A document Delta: inserts only, ending with a newline. */
export interface Delta {
  ops: DeltaOp[];
}
