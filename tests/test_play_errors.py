"""What ``chickenfoot play`` refuses, said in the player's language: one line (``feil: ...``,
``errore: ...``), exit 2, once the language is known; the same command lines in English say
what they always said. The engine's coded errors (a rule option, a record) are translated by
their code, a record's error keeps its place in the record as it is."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from chickenfoot.bots import BOTS
from chickenfoot.cli import app
from chickenfoot.core import options
from chickenfoot.i18n import KINDS

runner = CliRunner()
KNOWN_BOTS = ", ".join(BOTS)


def play(tmp_path: Path, lang: str, *args: str) -> Result:
    data = tmp_path / "data"
    return runner.invoke(app, ["play", "--lang", lang, "--plain", "--data", str(data), *args])


def assert_one_line(result: Result, line: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr == line + "\n"
    assert result.stdout == ""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """The record of a finished match (two random players, seed 3, one round)."""
    folder = tmp_path / "records"
    result = runner.invoke(
        app, ["simulate", "-p", "2", "-m", "1", "-s", "3", "--length", "single", "-r", str(folder)]
    )
    assert result.exit_code == 0, result.output
    return folder / "1.json"


@pytest.fixture
def corrupted(record: Path) -> Path:
    """The record with its second action changed: seat 1 passes, though it holds 9-0, which
    fits."""
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["rounds"][0]["actions"][1] == {"seat": 1, "play": "9-0", "on": 0}
    data["rounds"][0]["actions"][1] = {"seat": 1, "pass": True}
    path = record.with_name("corrupted.json")
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# (arguments, English, Norwegian bokmål, Italian, Dutch, Swedish); {dir}: tmp_path.
CASES = {
    "pace": (
        ["--pace", "99"],
        "error: --pace must be 0 to 10 seconds, not 99",
        "feil: --pace må være 0 til 10 sekunder, ikke 99",
        "errore: --pace deve essere da 0 a 10 secondi, non 99",
        "fout: --pace moet van 0 tot 10 seconden zijn, niet 99",
        "fel: --pace måste vara 0 till 10 sekunder, inte 99",
    ),
    "option out of range": (
        ["-o", "centre_toes=0"],
        "error: option centre_toes: expected a whole number of at least 1",
        "feil: innstillingen centre_toes: ventet et heltall på minst 1",
        "errore: opzione centre_toes: atteso un numero intero di almeno 1",
        "fout: optie centre_toes: verwacht een geheel getal van minstens 1",
        "fel: inställningen centre_toes: väntade ett heltal på minst 1",
    ),
    "option of another kind": (
        ["-o", "double_blank_points=x"],
        "error: option double_blank_points: expected a whole number, got a string",
        "feil: innstillingen double_blank_points: ventet et heltall, fikk en streng",
        "errore: opzione double_blank_points: atteso un numero intero, ricevuto una stringa",
        "fout: optie double_blank_points: verwacht een geheel getal, kreeg een string",
        "fel: inställningen double_blank_points: väntade ett heltal, fick en sträng",
    ),
    "option not JSON": (
        ["-o", "centre_toes=[1"],
        "error: -o centre_toes=[1: the value is not JSON: line 1 column 3: it ends too early",
        "feil: -o centre_toes=[1: verdien er ikke JSON: linje 1 kolonne 3: den slutter for tidlig",
        "errore: -o centre_toes=[1: il valore non è JSON: riga 1 colonna 3: finisce troppo presto",
        "fout: -o centre_toes=[1: de waarde is geen JSON: regel 1 kolom 3: het houdt te vroeg op",
        "fel: -o centre_toes=[1: värdet är inte JSON: rad 1 kolumn 3: den slutar för tidigt",
    ),
    "resume a missing file": (
        ["--resume", "{dir}/missing.json"],
        "error: cannot resume {dir}/missing.json: cannot read: No such file or directory",
        "feil: kan ikke fortsette {dir}/missing.json: kan ikke leses: Filen eller mappen finnes "
        "ikke",
        "errore: impossibile riprendere {dir}/missing.json: impossibile leggerlo: Il file o la "
        "cartella non esiste",
        "fout: kan {dir}/missing.json niet hervatten: kan niet worden gelezen: Bestand of map "
        "bestaat niet",
        "fel: kan inte återuppta {dir}/missing.json: kan inte läsas: Filen eller mappen finns inte",
    ),
    "resume with table options": (
        ["--resume", "{dir}/missing.json", "--bots", "easy"],
        "error: --resume continues the match as it was set up: leave out --bots, --players, "
        "--length, --game, --preset, -o and --seed",
        "feil: --resume fortsetter kampen slik den ble satt opp: utelat --bots, --players, "
        "--length, --game, --preset, -o og --seed",
        "errore: --resume continua la partita come era stata impostata: togli --bots, --players, "
        "--length, --game, --preset, -o e --seed",
        "fout: --resume zet de partij voort zoals ze was ingesteld: laat --bots, --players, "
        "--length, --game, --preset, -o en --seed weg",
        "fel: --resume fortsätter partiet som det ställdes in: utelämna --bots, --players, "
        "--length, --game, --preset, -o och --seed",
    ),
    "name": (
        ["--name", "bot:me"],
        "error: --name: a name of at most 24 characters, not starting with 'bot:'",
        "feil: --name: et navn på høyst 24 tegn, som ikke begynner med «bot:»",
        "errore: --name: un nome di al massimo 24 caratteri, che non inizi con «bot:»",
        "fout: --name: een naam van hoogstens 24 tekens, die niet met 'bot:' begint",
        "fel: --name: ett namn på högst 24 tecken, som inte börjar med ”bot:”",
    ),
    "bots for players": (
        ["--bots", "easy,hard", "--players", "5"],
        "error: --bots names 2 bots for 5 players: name one per seat after yours (4), or one "
        "name for all of them",
        "feil: --bots nevner 2 boter for 5 spillere: oppgi én per sete etter ditt (4), eller "
        "ett navn for alle",
        "errore: --bots indica 2 bot per 5 giocatori: indicane uno per ogni posto dopo il tuo "
        "(4), o un solo nome per tutti",
        "fout: --bots noemt 2 bots voor 5 spelers: geef er één per plaats na de jouwe (4), of "
        "één naam voor allemaal",
        "fel: --bots anger 2 bottar för 5 spelare: ange en per plats efter din (4), eller ett "
        "namn för alla",
    ),
    "unknown bot": (
        ["--bots", "easy,nobody"],
        "error: unknown bot 'nobody'; known: random, greedy, heuristic, ismcts, beginner, easy, "
        "medium, hard, expert",
        "feil: ukjent bot 'nobody'; kjente: random, greedy, heuristic, ismcts, beginner, easy, "
        "medium, hard, expert",
        "errore: bot sconosciuto 'nobody'; quelli noti: random, greedy, heuristic, ismcts, "
        "beginner, easy, medium, hard, expert",
        "fout: onbekende bot 'nobody'; bekend: random, greedy, heuristic, ismcts, beginner, "
        "easy, medium, hard, expert",
        "fel: okänd bot 'nobody'; kända: random, greedy, heuristic, ismcts, beginner, easy, "
        "medium, hard, expert",
    ),
    "seed": (
        ["--seed", "-1"],
        "error: --seed must be 0 to 2^63-1, not -1",
        "feil: --seed må være 0 til 2^63-1, ikke -1",
        "errore: --seed deve essere da 0 a 2^63-1, non -1",
        "fout: --seed moet van 0 tot 2^63-1 zijn, niet -1",
        "fel: --seed måste vara 0 till 2^63-1, inte -1",
    ),
    "length of a standard game": (
        ["--game", "draw", "--length", "half"],
        "error: --length is for Chicken Foot; draw is played to its end",
        "feil: --length gjelder Chicken Foot; draw spilles til ende",
        "errore: --length vale per Chicken Foot; draw si gioca fino alla fine",
        "fout: --length is voor Chicken Foot; draw wordt tot het einde gespeeld",
        "fel: --length gäller Chicken Foot; draw spelas till slutet",
    ),
}
LANGS = ("en", "nb", "it", "nl", "sv")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_refused_command_line_is_one_line_in_the_players_language(
    tmp_path: Path, case: str, lang: str
) -> None:
    args, *lines = CASES[case]
    line = lines[LANGS.index(lang)]
    result = play(tmp_path, lang, *(a.replace("{dir}", str(tmp_path)) for a in args))
    assert_one_line(result, line.replace("{dir}", str(tmp_path)))
    assert not list(tmp_path.rglob("*.json"))


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "en",
            "error: cannot resume {path}: rounds[0].actions[1]: seat 1 passes: seat 1 holds a "
            "playable tile and must play",
        ),
        (
            "nl",
            "fout: kan {path} niet hervatten: rounds[0].actions[1]: plaats 1 past: plaats 1 "
            "heeft een speelbare steen en moet spelen",
        ),
        (
            "sv",
            "fel: kan inte återuppta {path}: rounds[0].actions[1]: plats 1 passar: plats 1 har "
            "en spelbar bricka och måste spela",
        ),
    ],
)
def test_a_corrupted_record_is_refused_in_the_players_language_where_it_is_wrong(
    tmp_path: Path, corrupted: Path, lang: str, says: str
) -> None:
    before = corrupted.read_bytes()
    result = play(tmp_path, lang, "--resume", str(corrupted))
    assert_one_line(result, says.format(path=corrupted))
    assert corrupted.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "en",
            "error: cannot resume {path}: that match is over (chickenfoot replay shows its result)",
        ),
        (
            "nl",
            "fout: kan {path} niet hervatten: die partij is voorbij (chickenfoot replay toont de "
            "uitslag)",
        ),
        (
            "it",
            "errore: impossibile riprendere {path}: quella partita è finita (chickenfoot replay "
            "ne mostra il risultato)",
        ),
    ],
)
def test_a_finished_match_is_not_resumed_in_the_players_language(
    tmp_path: Path, record: Path, lang: str, says: str
) -> None:
    assert_one_line(play(tmp_path, lang, "--resume", str(record)), says.format(path=record))


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "error: cannot resume {path}: not JSON: line 1 column 11: trailing characters"),
        (
            "nb",
            "feil: kan ikke fortsette {path}: ikke JSON: linje 1 kolonne 11: flere tegn etter "
            "slutten",
        ),
        (
            "it",
            "errore: impossibile riprendere {path}: non è JSON: riga 1 colonna 11: caratteri in "
            "più dopo la fine",
        ),
    ],
)
def test_a_file_that_is_not_json_is_refused_in_the_players_language(
    tmp_path: Path, lang: str, says: str
) -> None:
    path = tmp_path / "match.json"
    path.write_text('{"a": 1} x', encoding="utf-8")
    assert_one_line(play(tmp_path, lang, "--resume", str(path)), says.format(path=path))


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "error: cannot save matches in {folder}: Not a directory"),
        ("sv", "fel: kan inte spara partier i {folder}: Inte en mapp"),
    ],
)
def test_a_data_folder_that_is_a_file_is_refused_in_the_players_language(
    tmp_path: Path, lang: str, says: str
) -> None:
    data = tmp_path / "data"
    data.write_text("", encoding="utf-8")
    result = play(tmp_path, lang, "--seed", "1")
    assert_one_line(result, says.format(folder=data / "matches"))


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "error: unknown bot 'grandmaster'; known: {known}"),
        ("nb", "feil: ukjent bot 'grandmaster'; kjente: {known}"),
        ("sv", "fel: okänd bot 'grandmaster'; kända: {known}"),
    ],
)
def test_a_record_seating_no_bot_is_refused_in_the_players_language(
    tmp_path: Path, lang: str, says: str
) -> None:
    assert play(tmp_path, "en", "--seed", "1").exit_code == 0  # the end of the input saves
    (path,) = (tmp_path / "data" / "matches").glob("*.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["players"][1] == "bot:medium"
    record["players"][1] = "bot:grandmaster"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert_one_line(play(tmp_path, lang, "--resume", str(path)), says.format(known=KNOWN_BOTS))


def test_the_language_of_the_locale_says_the_error_without_lang(tmp_path: Path) -> None:
    unset: dict[str, str | None] = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
    result = runner.invoke(
        app,
        ["play", "--plain", "--data", str(tmp_path), "--pace", "-1"],
        env={**unset, "LANG": "it_IT.UTF-8"},
    )
    assert_one_line(result, "errore: --pace deve essere da 0 a 10 secondi, non -1")


def test_an_unknown_language_is_said_in_english_it_is_not_known_yet(tmp_path: Path) -> None:
    result = play(tmp_path, "xx", "--pace", "99")
    assert_one_line(result, "error: --lang 'xx': the languages are en, nb, it, nl, sv")


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "nb",
            "feil: kan ikke fortsette {path}: rounds[0].actions[1]: sete 1 står over: sete 1 har "
            "en brikke som kan legges, og må legge",
        ),
        (
            "en",
            "error: cannot resume {path}: rounds[0].actions[1]: seat 1 passes: seat 1 holds a "
            "playable tile and must play",
        ),
    ],
)
def test_the_command_in_a_process_of_its_own(corrupted: Path, lang: str, says: str) -> None:
    command = [sys.executable, "-m", "chickenfoot", "play", "--plain", "--lang", lang]
    result = subprocess.run(
        [*command, "--resume", str(corrupted)],
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [says.format(path=corrupted)]
    assert result.stdout == ""


def test_every_kind_of_value_the_engine_names_is_in_the_catalogue() -> None:
    assert set(KINDS) == set(options._WORDS.values())
