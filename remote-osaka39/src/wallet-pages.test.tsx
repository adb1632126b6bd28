import { describeWalletPages } from '@member/theme-kit/vitest';

describeWalletPages('OSAKA39', (key) => import(`./pages/${key}.tsx`));
