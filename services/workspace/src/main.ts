import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { workspaceService } from './workspace.module.js';

await runServiceProcess(workspaceService);
