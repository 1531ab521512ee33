import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { mediaService } from './media.module.js';

await runServiceProcess(mediaService);
