/** One refused row of an import, as the server reports it. */
export interface ImportRowError {
  row?: number | string;
  field?: string;
  message: string;
}

function asRowError(item: unknown): ImportRowError | undefined {
  if (typeof item === 'string') return { message: item };
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const message = o.message ?? o.msg ?? o.error;
  if (message === undefined || message === null) return undefined;
  const row = o.row ?? o.rowIndex ?? o.line;
  const field = o.field ?? o.column ?? o.title;
  return {
    message: String(message),
    ...(typeof row === 'number' || typeof row === 'string' ? { row } : {}),
    ...(field !== undefined && field !== null ? { field: String(field) } : {}),
  };
}

/**
 * The per-row errors of a refused import, from the error envelope's `data`: a list of
 * `{row, field, message}` (or a `{errors|records: [...]}` holding one); none otherwise.
 */
export function importRowErrors(body: unknown): ImportRowError[] {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  const list = Array.isArray(data)
    ? data
    : ((data as { errors?: unknown; records?: unknown } | null | undefined)?.errors ??
      (data as { records?: unknown } | null | undefined)?.records);
  if (!Array.isArray(list)) return [];
  return list.map(asRowError).filter((e): e is ImportRowError => e !== undefined);
}

/** The API path (without /api) of the annotated workbook of a refused import, when the server kept one. */
export function errorWorkbookPath(body: unknown): string | undefined {
  const url = (body as { data?: { errorWorkbook?: { url?: unknown } } } | null | undefined)?.data?.errorWorkbook?.url;
  if (typeof url !== 'string' || url === '') return undefined;
  return url.startsWith('/api/') ? url.slice(4) : url;
}
