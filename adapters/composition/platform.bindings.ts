import path from 'node:path';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { LocalFileStore } from '../files/local-file-store';
import { SharpImageProcessor } from '../files/sharp-image-processor';
import { limiterStoreFor } from '../http/security/limiter-store';
import { PushServices } from '../push/push-services';
import { loadOrCreateVapidKeys, WebPushSender } from '../push/web-push-sender';
import { SandboxSmsSender } from '../sms/sandbox-sms-sender';
import { createMailDelivery } from './mail-delivery';
import type { ModuleBindings } from './module-bindings';
import { PLATFORM } from './platform.tokens';
import { Readiness } from './readiness';
import { ProjectionDashboard } from '../../kernel/projections/projection-status';

/**
 * The process's adapters that every module shares, whatever the mode: files, pictures, mail delivery, Web Push,
 * SMS, throttles, readiness. PLATFORM.Relay and PLATFORM.Resolve come from the container's options (container.ts).
 */
export const platformBindings: ModuleBindings = {
  name: 'platform',
  bind(bind, config, log) {
    bind(TOKENS.FileStore).toConstantValue(new LocalFileStore(path.join(config.dataDir, 'files')));
    bind(TOKENS.ImageProcessor).toConstantValue(new SharpImageProcessor());
    bind(PLATFORM.Mail)
      .toDynamicValue((ctx) => createMailDelivery(ctx, config, resolve(ctx, PLATFORM.Relay), log))
      .inSingletonScope();
    bind(PLATFORM.Push)
      .toDynamicValue(
        (ctx) =>
          new WebPushSender(
            loadOrCreateVapidKeys(config.dataDir),
            config.notifications?.vapidSubject ?? 'mailto:no-responder@vivienda.local',
            new PushServices(config.notifications?.pushServiceHosts, resolve(ctx, PLATFORM.Resolve)),
          ),
      )
      .inSingletonScope();
    bind(PLATFORM.Sms).toConstantValue(new SandboxSmsSender());
    bind(PLATFORM.Limiters)
      .toDynamicValue(() => limiterStoreFor(config))
      .inSingletonScope();
    bind(PLATFORM.Readiness).toConstantValue(new Readiness());
    bind(PLATFORM.Projections)
      .toDynamicValue((ctx) => {
        const clock = resolve(ctx, TOKENS.Clock);
        return new ProjectionDashboard(resolve(ctx, TOKENS.ProjectionRunner), resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), () =>
          clock.now(),
        );
      })
      .inSingletonScope();
  },
  start(container) {
    const mail = resolve(container, PLATFORM.Mail);
    mail.start();
    return {
      async stop() {
        await mail.stop();
      },
    };
  },
};
