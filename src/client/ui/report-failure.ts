import { ApiError } from '../api/http';
import { toast } from './toast';

/**
 * Handles a failed engine action. An ApiError was already shown by the API client
 * (spec §8: toast with msg), so it only ends the action; anything else is a bug worth a
 * toast and a console trace.
 */
export function reportFailure(error: unknown): void {
  if (error instanceof ApiError) return;
  console.error(error);
  toast.error(error instanceof Error ? error.message : String(error));
}
