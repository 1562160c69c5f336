/** Moved to the engine (x-import's dialog); kept for the user page until it is the schema's. */
export { ImportWorkbookFields, type ImportWorkbookFieldsProps } from '../../engine/jobs/ImportWorkbookFields';
