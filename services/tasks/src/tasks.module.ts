import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { tasksEntities } from './tasks.entities.js';
import { tasksMigrations } from './migrations/index.js';
import { TaskModule } from './tasks/task.module.js';

/** Root module of the tasks service. */
@Module({})
export class TasksServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: TasksServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'tasks',
          url: runtime.databaseUrl,
          entities: tasksEntities,
          migrations: tasksMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        TaskModule,
      ],
      controllers: [createHealthController('tasks')],
    };
  }
}

export const tasksService: ServiceDefinition = {
  name: 'tasks',
  module: (runtime) => TasksServiceModule.register(runtime),
};
