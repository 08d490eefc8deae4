/** The anchoring corpus: every page kind, by name (see the modules for what each stands for). */
import type { PageBuilder } from '../gen.ts';
import { adminTable, calendar, chat, dashboard, inbox, kanban, settings } from './apps.ts';
import { checkout, pricing, productDetail, productGrid, searchResults } from './commerce.ts';
import { article, comments, docs, faq, legacy, news } from './content.ts';
import { enterpriseApp, reactApp } from './generated.ts';
import { gallery, megaMenu, styledLanding, tailwindLanding, team, vueApp } from './marketing.ts';
import { forum, linkBoard, longform } from './oldweb.ts';
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
