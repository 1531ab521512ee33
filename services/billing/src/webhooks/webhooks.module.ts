import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { ProcessedWebhookEventEntity } from './processed-webhook-event.entity.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ProcessedWebhookEventEntity]), SubscriptionsModule],
  controllers: [StripeWebhookController],
  providers: [StripeWebhookService],
})
export class WebhooksModule {}
