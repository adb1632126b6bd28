import { describeWalletPages } from '@member/theme-kit/vitest';

describeWalletPages('default', (key) => import(`./pages/${key}.tsx`));
