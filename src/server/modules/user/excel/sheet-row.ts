import type { EntityRecord } from '../../../engine/record-codec.js';

/** One data row of the uploaded sheet: what it says, what is wrong with it, whom it updates. */
export interface SheetRow {
  /** Excel row number (the header is row 1). */
  row: number;
  values: EntityRecord;
  /** Field → message; '' for a problem of the whole row. */
  errors: Record<string, string>;
  /** Set when the row updates an existing account (isCovered). */
  existingId?: string;
}
