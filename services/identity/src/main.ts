import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { identityService } from './identity.module.js';

await runServiceProcess(identityService);
