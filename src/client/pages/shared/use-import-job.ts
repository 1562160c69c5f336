/** Moved to the engine (x-import's dialog); kept for the user page until it is the schema's. */
export { useImportJob, type ImportJobOptions } from '../../engine/jobs/use-import-job';
