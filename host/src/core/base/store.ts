import { createStore } from 'jotai';

/** The one store: React reads it through <Provider store>, effects and sockets write it directly. */
export const store = createStore();
export type AppStore = typeof store;
