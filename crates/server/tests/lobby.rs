//! Players' accounts and the lobby (issue 23, point 6), against a real
//! server on a loopback port, every change as a browser's plain form post
//! (no script): sign-up mistakes named by their field, the limits on
//! signing up and in, the lobby's listing, join, leave and start, the
//! practice form without a script, and no seat's token on any page but
//! the redirect to its own player's seat.

mod common;

use common::{App, expect};
use jongg_server::client::Response;
use jongg_store::Backend;
use serde_json::Value;
use std::time::Instant;

fn start() -> App {
    start_with_sign_ups(20)
}

fn start_with_sign_ups(free: u32) -> App {
    App::start_bare_with(Backend::Sqlite, |c| {
        c.play_bot_delay_ms = 0;
        c.play_sign_ups_free = free;
        c.play_tables_free = 1_000;
        // 200 rooms of one account from one address (issue 34.4 bounds
        // them: `security/lobby_bounds.rs`).
        c.tables.rooms_per_account = 1_000;
        c.tables.rooms_per_address = 1_000;
    })
}

/// A browser: its player's cookie, if signed in.
struct Browser<'a> {
    app: &'a App,
    cookie: Option<String>,
}

impl<'a> Browser<'a> {
    fn new(app: &'a App) -> Browser<'a> {
        Browser { app, cookie: None }
    }

    fn request(&self, method: &str, path: &str, form: Option<&str>) -> Response {
        let origin = format!("http://{}", self.app.addr);
        let cookie = self
            .cookie
            .as_ref()
            .map(|c| format!("jongg_player={c}"))
            .unwrap_or_default();
        let mut headers = vec![("Accept", "text/html")];
        if !cookie.is_empty() {
            headers.push(("Cookie", cookie.as_str()));
        }
        if form.is_some() {
            headers.push(("Content-Type", "application/x-www-form-urlencoded"));
            headers.push(("Origin", origin.as_str()));
        }
        self.app
            .public()
            .request_with(method, path, &headers, form.map(str::as_bytes))
            .unwrap()
    }

    fn get(&self, path: &str) -> Response {
        self.request("GET", path, None)
    }

    fn post(&self, path: &str, form: &str) -> Response {
        self.request("POST", path, Some(form))
    }

    /// Signs up (and so in) as `name`; keeps the cookie.
    fn sign_up(&mut self, name: &str) {
        let r = self.post(
            "/play/signup",
            &format!("name={name}&password=ten+chars+at+least&confirm=ten+chars+at+least"),
        );
        assert_eq!(r.status, 303, "{}", r.text());
        self.cookie = Some(player_cookie(&r).expect("a session cookie"));
    }
}

/// The player's cookie a response sets.
fn player_cookie(r: &Response) -> Option<String> {
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.strip_prefix("jongg_player="))
        .map(|v| v.split(';').next().unwrap_or("").to_string())
}

fn location(r: &Response) -> String {
    r.header("location").unwrap_or("").to_string()
}

/// What a form's redirect says was done, in words (`?done=`, decoded).
fn done(r: &Response) -> String {
    let to = location(r);
    let Some((_, q)) = to.split_once("done=") else {
        return String::new();
    };
    let q = q.split('&').next().unwrap_or("");
    let bytes = q.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() + 1 {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// Opens a room with these seats (`person` is open); its id.
fn open_room(b: &Browser, seats: [&str; 4]) -> String {
    let form = format!(
        "then=%2Fplay%2Frooms%2F%7Bid%7D&rules=standard&seats.east={}&seats.south={}&seats.west={}&seats.north={}&window_secs=3&turn_secs=20",
        seats[0], seats[1], seats[2], seats[3]
    );
    let r = b.post("/play/rooms", &form);
    assert_eq!(r.status, 303, "{}", r.text());
    let to = location(&r);
    let id = to
        .strip_prefix("/play/rooms/")
        .and_then(|s| s.split('?').next())
        .unwrap_or_else(|| panic!("to the room, not {to}"))
        .to_string();
    assert_eq!(id.len(), 16, "{to}");
    id
}

fn join(b: &Browser, id: &str, seat: &str) -> Response {
    b.post(
        &format!("/play/rooms/{id}/join"),
        &format!("then=%2Fplay%2Frooms%2F{id}&seat={seat}"),
    )
}

/// The live tables as the API lists them.
fn live_tables(app: &App) -> Vec<Value> {
    expect(app.public().get("/api/play/tables"), 200)["tables"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn an_account_sign_up_names_the_field_that_is_wrong_and_a_name_taken_in_any_case() {
    let app = start();
    let b = Browser::new(&app);
    let r = b.post("/play/signup", "name=A&password=ten+chars+at+least");
    assert_eq!(r.status, 422);
    assert!(
        r.text()
            .contains("the name must have 2 to 32 characters, not 1"),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("id=\"name\" name=\"name\" value=\"A\""),
        "the name typed is kept"
    );
    let r = b.post("/play/signup", "name=Ann&password=short");
    assert_eq!(r.status, 422);
    assert!(
        r.text().contains("the password is too short"),
        "{}",
        r.text()
    );
    let r = b.post(
        "/play/signup",
        "name=Ann&password=ten+chars+at+least&confirm=other+one+typed",
    );
    assert_eq!(r.status, 422);
    assert!(r.text().contains("the two passwords are not the same"));
    let r = b.post(
        "/play/signup?",
        "name=Ann&password=ten+chars+at+least&next=%2Fplay%2Frooms%2Fnew",
    );
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(location(&r), "/play/rooms/new");
    let set = r.header("set-cookie").unwrap();
    assert!(set.starts_with("jongg_player="), "{set}");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(part), "{part}: {set}");
    }
    assert!(!set.contains("Secure"), "plain http here: {set}");
    // Another browser, the same name in another case.
    let r = Browser::new(&app).post("/play/signup", "name=aNN&password=ten+chars+at+least");
    assert_eq!(r.status, 409);
    assert!(r.text().contains("is taken"), "{}", r.text());
    // Signing in: any case of the name; the wrong password named.
    let r = b.post("/play/signin", "name=ann&password=wrong+password");
    assert_eq!(r.status, 401);
    assert!(r.text().contains("wrong name or password"));
    let r = b.post(
        "/play/signin",
        "name=ann&password=ten+chars+at+least&next=%2Fplay",
    );
    assert_eq!(r.status, 303);
    let mut signed = Browser::new(&app);
    signed.cookie = player_cookie(&r);
    assert!(signed.get("/play").text().contains("Signed in as Ann"));
    // Signing out ends the session: its cookie no longer opens a player's page.
    let r = signed.post("/play/signout", "then=%2Fplay");
    assert_eq!(r.status, 303);
    assert!(r.header("set-cookie").unwrap().contains("Max-Age=0"));
    let r = signed.get("/play/rooms/new");
    assert_eq!(r.status, 303);
    assert!(
        location(&r).starts_with("/play/signin?next="),
        "{}",
        location(&r)
    );
}

#[test]
fn account_sign_ins_and_sign_ups_are_limited_per_address() {
    let app = start_with_sign_ups(4);
    let mut b = Browser::new(&app);
    b.sign_up("Ann");
    for i in 0..5 {
        let r = b.post("/play/signin", "name=Ann&password=wrong+password");
        assert_eq!(r.status, 401, "attempt {i}");
    }
    let r = b.post("/play/signin", "name=Ann&password=ten+chars+at+least");
    assert_eq!(r.status, 429, "even the right password waits: {}", r.text());
    assert!(
        r.text().contains("too many failed sign-ins"),
        "{}",
        r.text()
    );
    // Four sign-ups free (this server's setting), one used above.
    for i in 0..3 {
        let r = b.post("/play/signup", &format!("name=P{i}&password=x"));
        assert_eq!(r.status, 422, "attempt {i}");
    }
    let r = b.post("/play/signup", "name=Late&password=ten+chars+at+least");
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.text().contains("too many sign-ups"), "{}", r.text());
}

#[test]
fn the_lobby_lists_a_waiting_table_whose_last_join_starts_it_and_shows_no_token() {
    let app = start();
    let (mut ann, mut ben, mut cara) = (Browser::new(&app), Browser::new(&app), Browser::new(&app));
    ann.sign_up("Ann");
    ben.sign_up("Ben");
    cara.sign_up("Cara");
    let id = open_room(&ann, ["person", "person", "person", "strong"]);
    let public = Browser::new(&app);
    let lobby = public.get("/play").text();
    assert!(
        lobby.contains("Ann&#39;s table") || lobby.contains("Ann's table"),
        "{lobby}"
    );
    assert!(lobby.contains("Sign in to join a table"));
    assert!(!lobby.contains("/join"), "no Join button before signing in");
    let lobby = ben.get("/play").text();
    assert!(
        lobby.contains(&format!("action=\"/play/rooms/{id}/join\"")),
        "{lobby}"
    );
    assert!(lobby.contains("Bot (strong)"));
    // The waiting room's table updates itself by script, with a pause, and
    // never by a meta refresh (axe: critical, issue 33.5); without a
    // script, Refresh now.
    let room = ben.get(&format!("/play/rooms/{id}")).text();
    assert!(!room.contains("http-equiv=\"refresh\""), "{room}");
    assert!(
        room.contains("id=\"room-live\" data-refresh=\"5\""),
        "{room}"
    );
    assert!(room.contains("data-refresh-pause=\"room-live\""), "{room}");
    assert!(room.contains(&format!("<a href=\"/play/rooms/{id}\">Refresh now</a>")));
    assert!(room.contains("Choose an open seat to join"));
    // Ben takes south; Cara cannot take it too.
    let r = join(&ben, &id, "south");
    assert_eq!(r.status, 303, "{}", r.text());
    assert!(done(&r).starts_with("You sit at south"), "{}", done(&r));
    let r = join(&cara, &id, "south");
    assert_eq!(r.status, 409);
    assert!(r.text().contains("south is not open"), "{}", r.text());
    assert!(live_tables(&app).is_empty(), "no table before Start");
    // Cara takes the last open seat: the table starts.
    let r = join(&cara, &id, "west");
    assert_eq!(r.status, 303);
    let tables = live_tables(&app);
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0]["id"], id.as_str());
    assert_eq!(tables[0]["persons"], 3);
    assert_eq!(tables[0]["seats"]["north"], "strong");
    // Each player's own seat: a redirect with its token, to them only.
    let r = ben.get(&format!("/play/rooms/{id}/seat"));
    assert_eq!(r.status, 303);
    let to = location(&r);
    assert!(
        to.starts_with(&format!("/play/{id}?seat=south&token=")),
        "{to}"
    );
    let token = to.rsplit('=').next().unwrap().to_string();
    assert_eq!(token.len(), 64);
    let r = public.get(&format!("/play/rooms/{id}/seat"));
    assert!(location(&r).starts_with("/play/signin"), "{}", location(&r));
    let somebody = {
        let mut d = Browser::new(&app);
        d.sign_up("Dee");
        d
    };
    assert_eq!(somebody.get(&format!("/play/rooms/{id}/seat")).status, 403);
    for (who, b) in [
        ("public", &public),
        ("Ann", &ann),
        ("Cara", &cara),
        ("Dee", &somebody),
        ("Ben", &ben),
    ] {
        for page in ["/play".to_string(), format!("/play/rooms/{id}")] {
            let text = b.get(&page).text();
            assert!(!text.contains(&token), "{page} as {who} shows Ben's token");
        }
    }
    let lobby = ben.get("/play").text();
    assert!(lobby.contains("Your tables"));
    assert!(lobby.contains(&format!("/play/rooms/{id}/seat")));
    assert!(lobby.contains(&format!("/play/{id}/watch")));
}

#[test]
fn lobby_leave_frees_a_seat_start_gives_open_seats_to_bots_and_a_leaver_to_the_bot() {
    let app = start();
    let (mut ann, mut ben) = (Browser::new(&app), Browser::new(&app));
    ann.sign_up("Ann");
    ben.sign_up("Ben");
    let id = open_room(&ann, ["person", "person", "person", ""]);
    assert_eq!(join(&ben, &id, "south").status, 303);
    let r = ben.post(&format!("/play/rooms/{id}/leave"), "then=%2Fplay");
    assert_eq!(r.status, 303);
    assert!(done(&r).contains("seat is open again"), "{}", done(&r));
    let room = ann.get(&format!("/play/rooms/{id}")).text();
    assert!(room.contains("Waiting for 2 more"), "{room}");
    // Only the creator starts.
    assert_eq!(join(&ben, &id, "west").status, 303);
    let r = ben.post(&format!("/play/rooms/{id}/start"), "then=%2Fplay");
    assert_eq!(r.status, 403);
    assert!(
        r.text().contains("only the table&#39;s creator, Ann")
            || r.text().contains("only the table's creator, Ann"),
        "{}",
        r.text()
    );
    let r = ann.post(
        &format!("/play/rooms/{id}/start"),
        &format!("then=%2Fplay%2Frooms%2F{id}"),
    );
    assert_eq!(r.status, 303);
    let tables = live_tables(&app);
    assert_eq!(tables.len(), 1);
    let seats = &tables[0]["seats"];
    assert_eq!(
        (
            &seats["east"],
            &seats["south"],
            &seats["west"],
            &seats["north"]
        ),
        (
            &Value::from("person"),
            &Value::from("medium"),
            &Value::from("person"),
            &Value::Null
        ),
        "south, open at Start, is a medium bot; north stays empty"
    );
    let room = ann.get(&format!("/play/rooms/{id}")).text();
    assert!(room.contains("Bot (medium): nobody joined"), "{room}");
    // Ben leaves the game: the lobby says a bot plays for him.
    let r = ben.post(&format!("/play/rooms/{id}/leave"), "then=%2Fplay");
    assert_eq!(r.status, 303);
    assert!(done(&r).contains("a bot plays your seat"), "{}", done(&r));
    let lobby = ann.get("/play").text();
    assert!(lobby.contains("Bot (medium) for Ben, who left"), "{lobby}");
    assert!(!ben.get("/play").text().contains("Your tables"));
    assert_eq!(ben.get(&format!("/play/rooms/{id}/seat")).status, 403);
}

#[test]
fn lobby_a_creator_leaving_a_waiting_table_closes_it() {
    let app = start();
    let mut ann = Browser::new(&app);
    ann.sign_up("Ann");
    let id = open_room(&ann, ["person", "person", "medium", "medium"]);
    let r = ann.post(&format!("/play/rooms/{id}/leave"), "then=%2Fplay");
    assert_eq!(r.status, 303);
    assert!(done(&r).contains("your table is closed"), "{}", done(&r));
    assert!(!ann.get("/play").text().contains(&id));
    assert!(
        ann.get(&format!("/play/rooms/{id}"))
            .text()
            .contains("This table was closed")
    );
    let mut ben = Browser::new(&app);
    ben.sign_up("Ben");
    assert_eq!(join(&ben, &id, "south").status, 409);
}

/// Issue 23.6: the table's creator sets chat and spectators on the form,
/// and the lobby shows them beside the clocks.
#[test]
fn lobby_a_table_opened_with_chat_off_and_no_spectators_says_so() {
    let app = start();
    let mut ann = Browser::new(&app);
    ann.sign_up("Ann");
    let plain = open_room(&ann, ["person", "person", "medium", "medium"]);
    let r = ann.post(
        "/play/rooms",
        "then=%2Fplay%2Frooms%2F%7Bid%7D&rules=standard&seats.east=person&seats.south=person\
         &seats.west=medium&seats.north=medium&window_secs=3&turn_secs=20&chat=false&spectators=0",
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let quiet = location(&r);
    let page = ann.get(&quiet).text();
    assert!(page.contains("chat off · no spectators"), "{page}");
    let page = ann.get(&format!("/play/rooms/{plain}")).text();
    assert!(page.contains("chat on · up to 50 spectators"), "{page}");
    let lobby = ann.get("/play").text();
    assert!(lobby.contains("chat off · no spectators"), "{lobby}");
    // Out of bounds: refused in words, nothing opened.
    let r = ann.post(
        "/play/rooms",
        "then=%2Fplay&rules=standard&seats.east=person&seats.south=person\
         &seats.west=medium&seats.north=medium&spectators=51",
    );
    assert_eq!(r.status, 422);
    assert!(
        r.text().contains("spectators must be from 0 to 50, not 51"),
        "{}",
        r.text()
    );
}

#[test]
fn the_play_practice_form_starts_a_table_without_a_script() {
    let app = start();
    let b = Browser::new(&app);
    let seats = "seats.east=person&seats.south=easy&seats.west=medium&seats.north=strong";
    let r = b.post(
        "/play/new",
        &format!("rules=standard&{seats}&window_secs=5&turn_secs=20"),
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let to = location(&r);
    assert!(
        to.starts_with("/play/") && to.contains("?seat=east&token="),
        "{to}"
    );
    // Two people: the page of their links.
    let r = b.post("/play/new", "rules=standard&seats.east=person&seats.south=person&seats.west=medium&window_secs=5&turn_secs=20");
    assert_eq!(r.status, 303, "{}", r.text());
    let to = location(&r);
    assert!(to.starts_with("/play/links?table="), "{to}");
    let page = b.get(&to).text();
    assert!(page.contains("?seat=east&#38;token="), "{page}");
    assert!(page.contains("The south seat"), "{page}");
    // A mistake is a page in words, naming the field.
    let r = b.post(
        "/play/new",
        &format!("rules=standard&{seats}&window_secs=2"),
    );
    assert_eq!(r.status, 422);
    assert!(
        r.text().contains("window_secs must be from 3 to 10, not 2"),
        "{}",
        r.text()
    );
    assert_eq!(live_tables(&app).len(), 2);
    // The form page posts without a script, the script to the API.
    let form = b.get("/play/new").text();
    assert!(
        form.contains("action=\"/play/new\" data-api=\"/api/play/tables\""),
        "{form}"
    );
}

/// 200 waiting tables in the lobby: 50 a page with its seats, every one on
/// one of four pages by plain links. The time is printed for BENCHMARKS.md,
/// never asserted.
#[test]
fn the_lobby_lists_200_waiting_tables() {
    let app = start();
    let mut ann = Browser::new(&app);
    ann.sign_up("Ann");
    let mut ids = Vec::new();
    for _ in 0..200 {
        ids.push(open_room(&ann, ["person", "person", "person", "person"]));
    }
    let mut ben = Browser::new(&app);
    ben.sign_up("Ben");
    let _ = ben.get("/play");
    let t = Instant::now();
    let r = ben.get("/play");
    let took = t.elapsed();
    assert_eq!(r.status, 200);
    let page = r.text();
    assert!(page.contains("Waiting for players (200)"));
    assert!(page.contains("Showing 1–50 of 200"), "{page}");
    assert!(
        page.contains("href=\"/play?waiting=2\" rel=\"next\""),
        "{page}"
    );
    let pages: Vec<String> = std::iter::once(page.clone())
        .chain((2..=4).map(|n| {
            let other = ben.get(&format!("/play?waiting={n}")).text();
            assert!(
                other.contains(&format!("aria-current=\"page\"><strong>{n}</strong>")),
                "page {n}"
            );
            other
        }))
        .collect();
    for id in &ids {
        let join = format!("/play/rooms/{id}/join");
        let on = pages.iter().filter(|p| p.contains(&join)).count();
        assert_eq!(on, 1, "{id} is on exactly one page");
    }
    println!(
        "lobby: 200 waiting tables, {} bytes, rendered in {} ms (debug build)",
        page.len(),
        took.as_millis()
    );
}

#[test]
fn lobby_a_table_with_no_other_open_seat_starts_as_it_opens() {
    let app = start();
    let mut ann = Browser::new(&app);
    ann.sign_up("Ann");
    let id = open_room(&ann, ["person", "medium", "easy", "strong"]);
    let tables = live_tables(&app);
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0]["id"], id.as_str());
    let room = ann.get(&format!("/play/rooms/{id}")).text();
    assert!(room.contains("go to your seat"), "{room}");
    assert!(
        !room.contains("data-refresh"),
        "a started room does not reload"
    );
    let r = ann.get(&format!("/play/rooms/{id}/seat"));
    assert!(location(&r).starts_with(&format!("/play/{id}?seat=east&token=")));
}

/// The lobby and a room's page name the rules by the preset's title, as
/// the director's form does, not by its id (issue 33.5).
#[test]
fn the_lobby_and_a_room_name_the_rules_by_their_title() {
    let app = start();
    let mut ann = Browser::new(&app);
    ann.sign_up("Ann");
    let id = open_room(&ann, ["person", "person", "medium", "medium"]);
    let title = "Standardized National Mah Jongg Tournament Rules";
    for page in ["/play".to_string(), format!("/play/rooms/{id}")] {
        let html = ann.get(&page).text();
        assert!(html.contains(&format!("{title} · card")), "{page}: {html}");
        assert!(!html.contains("standard · card"), "{page}: {html}");
    }
}
