import 'reflect-metadata';
import { runServiceProcess } from '@teamchat/bus';
import { billingService } from './billing.module.js';

await runServiceProcess(billingService);
