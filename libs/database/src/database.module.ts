import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, type ServiceDatabaseOptions } from './data-source.js';

/** The service's TypeORM data source in its own schema, migrated at start. */
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(options),
          dataSourceFactory: async (o) => {
            const ds = await new DataSource(o!).initialize();
            if (options.migrationsRun ?? true) await migrate(ds, options.schema);
            return ds;
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
