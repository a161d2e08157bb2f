"""The deployment files operators run (deploy/): they parse, and they wire the service the way
docs/operations.md says — a one-shot migrate before the replicas, replicas that don't migrate,
readiness on /readyz and liveness on /healthz, one load balancer that checks /readyz."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _compose() -> dict[str, Any]:
    data = _load(DEPLOY / "compose.yaml")
    assert isinstance(data, dict)
    return data


def test_compose_migrates_once_then_starts_replicas_behind_haproxy() -> None:
    services = _compose()["services"]
    assert set(services) == {"postgres", "migrate", "rulings", "haproxy"}
    migrate, app = services["migrate"], services["rulings"]
    assert migrate["command"] == ["rulings", "migrate"]
    assert migrate["restart"] == "no"
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert app["command"] == ["rulings", "serve"]
    assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert app["deploy"]["replicas"] >= 2
    # The replicas don't migrate: the one-shot step did.
    assert app["environment"]["RULINGS_MIGRATE_ON_STARTUP"] == "false"
    assert app["environment"] == migrate["environment"]
    assert app["environment"]["RULINGS_DATABASE_URL"].startswith("postgresql+psycopg://")
    assert "/readyz" in " ".join(app["healthcheck"]["test"])
    assert services["haproxy"]["depends_on"]["rulings"]["condition"] == "service_healthy"


def test_haproxy_balances_over_every_replica_and_checks_readiness() -> None:
    cfg = (DEPLOY / "haproxy.cfg").read_text(encoding="utf-8")
    lines = [line.split("#", 1)[0].strip() for line in cfg.splitlines()]
    assert "option httpchk GET /readyz" in lines
    assert "balance roundrobin" in lines
    # A replica that just died: its refused connections go to another (run for real in
    # tests/ops/test_load_balancer.py).
    assert "option redispatch" in lines
    port = _compose()["x-rulings-env"]["PORT"]
    assert any(
        line.startswith("server-template rulings") and f"rulings:{port}" in line for line in lines
    )
    mounted = _compose()["services"]["haproxy"]["volumes"][0].split(":")[0]
    assert (DEPLOY / mounted).resolve() == (DEPLOY / "haproxy.cfg").resolve()


def _k8s(name: str) -> dict[str, Any]:
    docs = list(yaml.safe_load_all((DEPLOY / "k8s" / name).read_text(encoding="utf-8")))
    assert len(docs) >= 1
    return {f"{d['kind']}": d for d in docs}


def test_k8s_deployment_probes_and_settings() -> None:
    deployment = _k8s("deployment.yaml")["Deployment"]
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["command"] == ["rulings", "serve"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    port = container["ports"][0]["containerPort"]
    config = _k8s("configmap.yaml")
    assert str(port) == config["ConfigMap"]["data"]["PORT"]
    assert config["ConfigMap"]["data"]["RULINGS_MIGRATE_ON_STARTUP"] == "false"
    assert deployment["spec"]["selector"]["matchLabels"].items() <= (
        deployment["spec"]["template"]["metadata"]["labels"].items()
    )
    # The same settings as compose (one source of truth for what a replica runs with).
    compose_env = _compose()["x-rulings-env"]
    for key, value in config["ConfigMap"]["data"].items():
        assert compose_env[key] == value


def test_k8s_service_selects_the_deployment_and_job_migrates() -> None:
    service = _k8s("service.yaml")["Service"]
    deployment = _k8s("deployment.yaml")["Deployment"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert service["spec"]["ports"][0]["targetPort"] == "http"
    job = _k8s("migrate-job.yaml")["Job"]
    (container,) = job["spec"]["template"]["spec"]["containers"]
    assert container["command"] == ["rulings", "migrate"]
    assert job["spec"]["template"]["spec"]["restartPolicy"] in {"OnFailure", "Never"}
    kustomization = _load(DEPLOY / "k8s" / "kustomization.yaml")
    for resource in kustomization["resources"]:
        assert (DEPLOY / "k8s" / resource).is_file()
