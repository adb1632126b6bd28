import { describeWalletPages } from '@member/theme-kit/vitest';

describeWalletPages('__THEME__', (key) => import(`./pages/${key}.tsx`));
