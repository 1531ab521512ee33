import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UploadService } from './upload.service.js';

const SWEEP_EVERY_MS = 60_000;

/** Settles uploads nobody asked about (an S3 PUT is never announced), so over-limit or wrong objects do not linger. */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadSweeper.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(private readonly uploads: UploadService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.uploads.sweep();
    } catch (err) {
      this.logger.warn(`upload sweep failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
