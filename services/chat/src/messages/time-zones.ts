// The time zones Postgres knows. A search reads its dates `AT TIME ZONE` the searcher's zone, checked at the edge
// against Node's Intl only, which still knows zones the tz database dropped (`US/Pacific-New`): Postgres refuses
// those with an error, so the zone is checked against Postgres's own list before it reaches the SQL.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

@Injectable()
export class PostgresTimeZones {
  /**
   * `pg_timezone_names`, lower-cased as Postgres matches names. Read once per process: it walks Postgres's tz files
   * (tens of milliseconds) and changes only with them.
   */
  private names: Promise<Set<string>> | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async has(zone: string): Promise<boolean> {
    this.names ??= this.load();
    return (await this.names).has(zone.toLowerCase());
  }

  private async load(): Promise<Set<string>> {
    try {
      const rows: { name: string }[] = await this.db.query('SELECT name FROM pg_timezone_names');
      return new Set(rows.map((r) => r.name.toLowerCase()));
    } catch (err) {
      // the next search reads it again
      this.names = null;
      throw err;
    }
  }
}
