import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { chatService } from './chat.module.js';

await runServiceProcess(chatService);
