// Module Federation needs an async boundary before any shared module is touched.
import('./bootstrap');
