import { describeWalletPages } from '@member/shared-core/testing/vitest';

describeWalletPages('OSAKA39', (key) => import(`./pages/${key}.tsx`));
