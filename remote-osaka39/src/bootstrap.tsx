// Standalone preview for the brand team (`rsbuild dev` here): every page of this theme against a demo brand.
import { mountPreview } from '@member/theme-kit';
import Layout from './layout';

mountPreview({ theme: 'OSAKA39', Layout, loadPage: (key) => import(`./pages/${key}.tsx`) });
