import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventContract, RequestContract } from '@teamchat/contracts';

/** `@OnRequest(Contract)`: a request/reply handler bound to the contract's subject constant. */
export const OnRequest = (contract: RequestContract): MethodDecorator => MessagePattern<string>(contract.subject);

/** `@OnEvent(Contract)`: an event handler bound to the contract's subject constant. */
export const OnEvent = (contract: EventContract): MethodDecorator => EventPattern<string>(contract.subject);
