import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerEntity } from './customer.entity.js';
import { SeatPurchaseEntity } from './seat-purchase.entity.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionService } from './subscription.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity, SubscriptionEntity, SeatPurchaseEntity])],
  controllers: [SubscriptionController],
  providers: [SubscriptionService],
  exports: [SubscriptionService],
})
export class SubscriptionsModule {}
