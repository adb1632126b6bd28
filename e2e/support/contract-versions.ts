import { CONTRACT_VERSION } from '@member/shared-core/contract';

/** The contract major the builds under test speak, read from the contract so a major bump needs no test edit. */
export const OUR_MAJOR = Number(CONTRACT_VERSION.split('.')[0]);

/** A contract version of the next major: a remote naming it must be refused. */
export const OTHER_MAJOR_VERSION = `${OUR_MAJOR + 1}.0.0`;

/** A host contract of our major but a minor no host has yet. */
export const UNRELEASED_MINOR_VERSION = `${OUR_MAJOR}.999.0`;
