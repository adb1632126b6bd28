import { describeWalletPages } from '@member/shared-core/testing/vitest';

describeWalletPages('default', (key) => import(`./pages/${key}.tsx`));
