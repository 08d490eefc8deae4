/** The anchoring corpus: every page kind, by name (see the modules for what each stands for). */
import type { PageBuilder } from '../gen.ts';
import { chat, dashboard, inbox, kanban, settings } from './apps.ts';
import { calendar, adminTable } from './apps-grids.ts';
import { checkout, pricing, productDetail, productGrid, searchResults } from './commerce.ts';
import { article, comments, docs, news } from './content.ts';
import { faq, legacy } from './content-plain.ts';
import { enterpriseApp, reactApp } from './generated.ts';
import { megaMenu, styledLanding, tailwindLanding } from './marketing.ts';
import { gallery, team, vueApp } from './marketing-sections.ts';
import { forum, linkBoard } from './oldweb.ts';
import { longform } from './oldweb-longform.ts';
import { blogComments, shopList, siteSearch } from './repeated.ts';
import { bootstrapVue, cmsEditor, dojoDesktop } from './widgets.ts';

export const CORPUS: { name: string; build: PageBuilder }[] = Object.entries({
  article,
  docs,
  news,
  comments,
  faq,
  legacy,
  productGrid,
  productDetail,
  pricing,
  checkout,
  searchResults,
  dashboard,
  kanban,
  inbox,
  settings,
  chat,
  calendar,
  adminTable,
  tailwindLanding,
  styledLanding,
  megaMenu,
  gallery,
  team,
  vueApp,
  // The real web's plainer side (issue 14): old markup, long articles, look-alike items, counted ids.
  forum,
  linkBoard,
  longform,
  shopList,
  blogComments,
  siteSearch,
  reactApp,
  enterpriseApp,
  bootstrapVue,
  dojoDesktop,
  cmsEditor,
}).map(([name, build]) => ({ name, build }));
