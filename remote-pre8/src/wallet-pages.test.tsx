import { describeWalletPages } from '@member/theme-kit/vitest';

describeWalletPages('PRE8', (key) => import(`./pages/${key}.tsx`));
