import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { tasksService } from './tasks.module.js';

await runServiceProcess(tasksService);
