// Made by scripts/protocol_types.mjs from docs/protocol.schema.json: do not edit;
// run `npm run types` after the schema changes.

export type ChickenfootGameSocketTheFramesBothWays = ClientFrame | ServerFrame;
export type ClientFrame =
  Hello | Act | Sync | AskHint | Say | AskRematch | AskWhy | Ready | SetPace;
export type Action = PlayAction | DrawAction | PassAction;
export type ServerFrame =
  | Lobby
  | SnapshotFrame
  | EventFrame
  | HintFrame
  | ErrorFrame
  | SeatsFrame
  | PlayedForFrame
  | Elsewhere
  | ChatFrame
  | RematchFrame
  | WhyFrame
  | PaceFrame;

/**
 * The socket's first frame: who the client is (a seat's token; none for a spectator).
 */
export interface Hello {
  token?: string | null;
  type: "hello";
}
/**
 * Take an action (RECORD.md's notation: ``{"play": "9-3", "on": 4}``, ``{"draw": true}``,
 * ``{"pass": true}``).
 */
export interface Act {
  action: Action;
  expect?: number | null;
  type: "act";
}
export interface PlayAction {
  on: number | null;
  /**
   * A tile: 'a-b'.
   */
  play: string;
}
export interface DrawAction {
  draw: true;
}
export interface PassAction {
  pass: true;
}
/**
 * Send what happened after version ``since`` (or a snapshot).
 */
export interface Sync {
  since: number;
  type: "sync";
}
/**
 * The expert's advice, when it is the sender's turn.
 */
export interface AskHint {
  type: "hint";
}
/**
 * A line in the table's chat: a short phrase by its code, or free text (where the table
 * allows it), one of the two.
 */
export interface Say {
  phrase?: ("good-game" | "oops" | "thanks" | "well-played" | "your-turn") | null;
  text?: string | null;
  type: "say";
}
/**
 * The sender's seat accepts a rematch of the finished match.
 */
export interface AskRematch {
  type: "rematch";
}
/**
 * Why the sender may not make ``move`` now: a tile of its hand (``"9-4"``), ``"draw"`` or
 * ``"pass"``. Answered with a :class:`WhyFrame`: the page asks rather than works it out, so
 * the rules are said from one place.
 */
export interface AskWhy {
  move: string;
  type: "why";
}
/**
 * The sender's seat has closed the summary of round ``round`` (numbered from 1): the next
 * round is played once every person's seat has said so, or a while has passed.
 */
export interface Ready {
  round: number;
  type: "ready";
}
/**
 * The bots' pace at the table, chosen by its creator (with the table's ``key``) or by
 * the one person at a table of one; a rated table keeps the server's.
 */
export interface SetPace {
  key?: string | null;
  pace: "fast" | "normal" | "slow";
  type: "pace";
}
/**
 * The table waits for every person to join (it deals then).
 */
export interface Lobby {
  bots_in?: number | null;
  seats: LobbySeat[];
  type: "lobby";
}
export interface LobbySeat {
  bot: string | null;
  joined: boolean;
  name: string;
  open?: boolean;
  seat: number;
}
export interface SnapshotFrame {
  legal?: Action[] | null;
  stand_ins?: number[] | null;
  type: "snapshot";
  version: number;
  view: Snapshot;
}
/**
 * A viewer's view of the table at version ``v``: applying the entries after ``v``
 * (:func:`chickenfoot.core.projection.advance`) gives the view at any later version.
 */
export interface Snapshot {
  board: WirePlaced[];
  double: string | null;
  end: ("blocked" | "out") | null;
  first: number | null;
  game: string;
  hand: string[] | null;
  history: ActionEntry[];
  legal: Action[] | null;
  lot: number | null;
  players: string[];
  plays?: PlayChoice[] | null;
  preset: string;
  public: Public | null;
  round: number;
  round_points: number[][];
  rules?: MatchRules | null;
  shown: string[][] | null;
  sides: number[];
  start_draw: StartDraw[];
  totals: number[];
  v: number;
  viewer: number | null;
  winners: number[] | null;
}
export interface WirePlaced {
  at: WirePlace;
  id: number;
  on: number | null;
  open: number[];
  /**
   * A tile: 'a-b'.
   */
  tile: string;
}
/**
 * Where a tile lies (docs/TABLE.md, "The board"): the number facing the tile it was
 * played on, the line it lies in (its first tile's id), which of a fork's lines it starts
 * (0, left out, unless it starts one) and whether lines start from it (left out: no).
 */
export interface WirePlace {
  branch?: number;
  fork?: boolean;
  line: number;
  near: number;
}
/**
 * A seat acted: ``action`` in the notation of :func:`decode_action`; a draw names its
 * tile only to the seat that drew it.
 */
export interface ActionEntry {
  action: Action;
  changed: WirePlaced[];
  covered?: number | null;
  drawn: string | null;
  kept?: number;
  kind: "action";
  legal: Action[] | null;
  placed: WirePlaced | null;
  playable?: number[] | null;
  plays?: PlayChoice[] | null;
  public: Public;
  score: number;
  seat: number;
  v: number;
}
/**
 * The viewer's legal plays of one tile against one number: any id of ``on`` makes the
 * action ``{"play": tile, "on": id}``.
 */
export interface PlayChoice {
  at: WirePlace[];
  number: number | null;
  on: (number | null)[];
  /**
   * A tile: 'a-b'.
   */
  tile: string;
}
/**
 * What everyone at the table sees of the round in play, after the latest entry.
 */
export interface Public {
  boneyard: number;
  centre_placed?: boolean;
  drawable: number;
  drew: boolean;
  ends_total?: number | null;
  foot?: Foot | null;
  hand_points?: number[] | null;
  hand_sizes: number[];
  lacks?: number[][];
  spinner?: number | null;
  turn: number;
}
/**
 * Chicken Foot: the double everyone must toe before anything else is played.
 */
export interface Foot {
  id: number;
  need: number;
  number: number;
}
/**
 * The rules a match is played by, as its record names them (docs/RECORD.md).
 */
export interface MatchRules {
  options: {};
  preset: string;
}
/**
 * A draw that decided who starts the round (docs/RECORD.md, ``start_draw``).
 */
export interface StartDraw {
  /**
   * A tile: 'a-b'.
   */
  draw: string;
  seat: number;
}
export interface EventFrame {
  event: RoundEntry | ActionEntry | RoundEndEntry | MatchEndEntry;
  legal?: Action[] | null;
  stand_in?: boolean;
  type: "event";
  version: number;
}
/**
 * A round (a hand) was dealt.
 */
export interface RoundEntry {
  board: WirePlaced[];
  double: string | null;
  first: number;
  hand: string[] | null;
  kind: "round";
  legal: Action[] | null;
  lot: number | null;
  plays?: PlayChoice[] | null;
  public: Public;
  round: number;
  start_draw: StartDraw[];
  v: number;
}
/**
 * The round ended: every hand is shown, with the points.
 */
export interface RoundEndEntry {
  end: "blocked" | "out";
  hands: string[][];
  kind: "round-end";
  points: number[];
  totals: number[];
  v: number;
}
export interface MatchEndEntry {
  kind: "match-end";
  totals: number[];
  v: number;
  winners: number[];
}
export interface HintFrame {
  hint: HintText;
  type: "hint";
}
export interface HintText {
  action: Action;
  mean_points: number;
  text: string;
  win_share: number;
}
export interface ErrorFrame {
  code: string;
  message: string;
  type: "error";
}
/**
 * The persons' seats: who is away, and how long before the computer plays for them.
 */
export interface SeatsFrame {
  clock: number | null;
  seats: SeatState[];
  type: "seats";
}
export interface SeatState {
  away?: boolean;
  left?: number | null;
  reading?: boolean;
  seat: number;
}
/**
 * To a person back at their seat: what the computer played for them since their own
 * last action, in order.
 */
export interface PlayedForFrame {
  actions: Action[];
  type: "played-for";
}
/**
 * To each socket of a seat: how many sockets hold the seat on the server now (on all its
 * processes). Sent when it becomes more than one, when it changes, and once when it is one
 * again.
 */
export interface Elsewhere {
  sockets: number;
  type: "elsewhere";
}
/**
 * Lines of the table's chat, in order: the latest ones when a socket opens (if any), then
 * each one as it is said.
 */
export interface ChatFrame {
  lines: ChatText[];
  type: "chat";
}
export interface ChatText {
  n: number;
  phrase?: ("good-game" | "oops" | "thanks" | "well-played" | "your-turn") | null;
  seat: number;
  text?: string | null;
}
/**
 * Where a rematch of the finished match stands: the persons' seats that have accepted,
 * and once all have, the new table and (to a person's socket) the token of its seat there.
 */
export interface RematchFrame {
  accepted: number[];
  table?: string | null;
  token?: string | null;
  type: "rematch";
}
/**
 * Why a move may not be made now (the answer to :class:`AskWhy`): the engine's code, the
 * words said to the player in their language (tiles by their numbers, others by their names),
 * and the section of the rules that explains it, with its title (None: no rule does).
 */
export interface WhyFrame {
  code: string;
  move: string;
  section: string | null;
  text: string;
  title: string | null;
  type: "why";
}
/**
 * The bots' pace at the table, as its creator chose it.
 */
export interface PaceFrame {
  pace: "fast" | "normal" | "slow";
  type: "pace";
}
