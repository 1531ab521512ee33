import { Module } from '@nestjs/common';
import { TaskRoutes } from '@teamchat/contracts';
import { forwardingController } from '../http/forwarding.controller.js';
import { ImageAddresses } from '../media/image-address.js';

/** Personal and team tasks (spec 2 §2 Tasks screen, §7): every route forwards; team changes reach sockets as frames. */
@Module({ controllers: [forwardingController('Tasks', TaskRoutes)], providers: [ImageAddresses] })
export class TasksModule {}
