import type { ExternalConnection, ExternalConnections } from './external-connection.js';

/** An opened data source: its pool and how to close it. */
export interface OpenedSource extends ExternalConnection {
  close(): Promise<void>;
}

/** Opens the data source an `x-datasource` names (by id or name); supplied by the data source module. */
export type SourceOpener = (datasource: string) => Promise<OpenedSource>;

interface Entry {
  opened: Promise<OpenedSource>;
  timer?: NodeJS.Timeout;
}

/**
 * One bounded pool per data source, opened on first use and closed after `idleMs` without
 * a query, and all of them when the app closes. The opener decides the pool's size.
 */
export class DatasourcePools implements ExternalConnections {
  private readonly entries = new Map<string, Entry>();
  private opener?: SourceOpener;

  constructor(private readonly idleMs = 5 * 60_000) {}

  /** Set by the module that owns data sources (blade-develop/datasource). */
  setOpener(opener: SourceOpener): void {
    this.opener = opener;
  }

  async connectionOf(datasource: string): Promise<ExternalConnection> {
    if (!this.opener) throw new Error(`x-datasource "${datasource}": no data source module is installed`);
    let entry = this.entries.get(datasource);
    if (!entry) {
      entry = { opened: this.opener(datasource) };
      this.entries.set(datasource, entry);
      // A failed open is not kept: the next query tries again (the source may have been fixed).
      entry.opened.catch(() => this.entries.delete(datasource));
    }
    this.touch(datasource, entry);
    const { db, dialect, name } = await entry.opened;
    return { db, dialect, name };
  }

  private touch(datasource: string, entry: Entry): void {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void this.release(datasource), this.idleMs);
    entry.timer.unref();
  }

  /** Closes one data source's pool (idle, or its row was changed); the next query opens a new one. */
  async release(datasource: string): Promise<void> {
    const entry = this.entries.get(datasource);
    if (!entry) return;
    this.entries.delete(datasource);
    clearTimeout(entry.timer);
    await entry.opened.then((o) => o.close(), () => undefined).catch(() => undefined);
  }

  /** Data sources with an open pool. */
  get open(): string[] {
    return [...this.entries.keys()];
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((k) => this.release(k)));
  }
}
