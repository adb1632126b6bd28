import { describeWalletPages } from '@member/shared-core/testing/vitest';

describeWalletPages('PRE8', (key) => import(`./pages/${key}.tsx`));
